import type { ComponentType } from "react";
import { useSearchParams } from "react-router";
import { brand } from "#core/brand";
import { ROLE_LABELS } from "#core/options";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { TooltipProvider } from "~/components/ui/tooltip";
import { ApplicationsTab } from "../tabs/applications/applications-tab";
import { BoardTab } from "../tabs/selection/board-tab";
import { ConsultsTab } from "../tabs/consults/consults-tab";
import { FunnelTab } from "../tabs/funnel";
import { AuditTab } from "../tabs/audit/audit-tab";
import { type AuthContextValue, useAuth } from "../parts/session/auth";
import { MessagesTab } from "../tabs/messages/messages-tab";
import { AdminQueryProvider } from "../parts/session/query-provider";
import { OutboxTab } from "../tabs/outbox/outbox-tab";
import { roleBadgeVariant } from "../parts/session/permissions";
import { PrivacyTab } from "../tabs/privacy/privacy-tab";
import { SystemTab } from "../tabs/system/system-tab";
import { UsersTab } from "../tabs/users/users-tab";
import { ApiKeysTab } from "../tabs/api-keys/api-keys-tab";
import { WebhooksTab } from "../tabs/webhooks/webhooks-tab";

export interface DashboardTab {
  /** Also the `?tab=` value of the dashboard's address. */
  value: string;
  label: string;
  /** Whether the signed-in person sees the tab (the server enforces the same rule). */
  visible: (auth: AuthContextValue) => boolean;
  Component: ComponentType;
}

/** Every tab of the dashboard, in order: add a tab here. */
export const DASHBOARD_TABS: readonly DashboardTab[] = [
  { value: "applications", label: "Applications", visible: () => true, Component: ApplicationsTab },
  { value: "messages", label: "Contact Messages", visible: () => true, Component: MessagesTab },
  { value: "selection", label: "Selection board", visible: () => true, Component: BoardTab },
  { value: "consults", label: "Consults", visible: () => true, Component: ConsultsTab },
  { value: "funnel", label: "Funnel", visible: () => true, Component: FunnelTab },
  { value: "privacy", label: "Privacy requests", visible: (auth) => auth.canDeleteData, Component: PrivacyTab },
  { value: "outbox", label: "Outbox", visible: (auth) => auth.canManageUsers, Component: OutboxTab },
  { value: "audit", label: "Audit Log", visible: (auth) => auth.canManageUsers, Component: AuditTab },
  { value: "system", label: "System", visible: (auth) => auth.canManageUsers, Component: SystemTab },
  { value: "webhooks", label: "Webhooks", visible: (auth) => auth.canManageUsers, Component: WebhooksTab },
  { value: "api-keys", label: "API keys", visible: (auth) => auth.canManageUsers, Component: ApiKeysTab },
  { value: "users", label: "User Management", visible: (auth) => auth.canManageUsers, Component: UsersTab },
];

export function Dashboard() {
  return (
    <AdminQueryProvider>
      <DashboardTabs />
    </AdminQueryProvider>
  );
}

function DashboardTabs() {
  const auth = useAuth();
  const { user, logout } = auth;
  const [searchParams, setSearchParams] = useSearchParams();
  if (!user) return null;
  const tabs = DASHBOARD_TABS.filter((tab) => tab.visible(auth));
  const requested = searchParams.get("tab");
  const active = tabs.find((tab) => tab.value === requested)?.value ?? tabs[0]?.value;
  return (
    <TooltipProvider>
    <div className="min-h-dvh bg-canvas">
      <header className="border-b border-line bg-surface">
        <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-4 sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <div>
            <p className="font-display text-lg font-semibold text-brand">{brand.name}</p>
            <h1 className="font-display text-2xl font-semibold text-ink">Admin Dashboard</h1>
          </div>
          <div className="flex flex-wrap items-center gap-3">
            <span className="text-sm text-ink-muted">
              Signed in as <span className="font-semibold text-ink">{user.username}</span>
            </span>
            <Badge variant={roleBadgeVariant(user.role)} data-testid="role-badge">
              {ROLE_LABELS[user.role]}
            </Badge>
            <Button variant="outline" size="sm" onClick={() => void logout()}>
              Logout
            </Button>
          </div>
        </div>
      </header>
      <main className="mx-auto max-w-7xl px-4 py-6 sm:px-6">
        <Tabs
          value={active}
          onValueChange={(value) => setSearchParams(value === tabs[0]?.value ? {} : { tab: value }, { replace: true })}
        >
          <TabsList aria-label="Dashboard sections">
            {tabs.map((tab) => (
              <TabsTrigger key={tab.value} value={tab.value}>
                {tab.label}
              </TabsTrigger>
            ))}
          </TabsList>
          {tabs.map((tab) => (
            <TabsContent key={tab.value} value={tab.value}>
              <tab.Component />
            </TabsContent>
          ))}
        </Tabs>
      </main>
    </div>
    </TooltipProvider>
  );
}

import { brand } from "#core/brand";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { ApplicationsTab } from "./applications-tab";
import { useAuth } from "./auth";
import { MessagesTab } from "./messages-tab";
import { OutboxTab } from "./outbox-tab";
import { PrivacyTab } from "./privacy/privacy-tab";
import { roleBadgeVariant } from "./permissions";
import { UsersTab } from "./users-tab";

export function Dashboard() {
  const { user, logout, canManageUsers, canDeleteData } = useAuth();
  if (!user) return null;
  return (
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
              {user.role}
            </Badge>
            <Button variant="outline" size="sm" onClick={() => void logout()}>
              Logout
            </Button>
          </div>
        </div>
      </header>
      <main className="mx-auto max-w-7xl px-4 py-6 sm:px-6">
        <Tabs defaultValue="applications">
          <TabsList aria-label="Dashboard sections">
            <TabsTrigger value="applications">Applications</TabsTrigger>
            <TabsTrigger value="messages">Contact Messages</TabsTrigger>
            {canDeleteData ? <TabsTrigger value="privacy">Privacy requests</TabsTrigger> : null}
            {canManageUsers ? <TabsTrigger value="users">User Management</TabsTrigger> : null}
            {canManageUsers ? <TabsTrigger value="outbox">Outbox</TabsTrigger> : null}
          </TabsList>
          <TabsContent value="applications">
            <ApplicationsTab />
          </TabsContent>
          <TabsContent value="messages">
            <MessagesTab />
          </TabsContent>
          {canManageUsers ? (
            <TabsContent value="users">
              <UsersTab />
            </TabsContent>
          ) : null}
          {canDeleteData ? (
            <TabsContent value="privacy">
              <PrivacyTab />
            </TabsContent>
          ) : null}
          {canManageUsers ? (
            <TabsContent value="outbox">
              <OutboxTab />
            </TabsContent>
          ) : null}
        </Tabs>
      </main>
    </div>
  );
}

/**
 * The admin's signed-in pages, each a chunk of its own that the sign-in screen never downloads.
 * A page whose chunk has already arrived (the warm-up starts it while the session is checked) is
 * rendered at once: a `lazy()` component always suspends on its first render, and React 19 holds a
 * suspended boundary's content back for up to 300 ms before revealing it, which the first rows paid.
 */
import { type ComponentType, lazy, Suspense, useState } from "react";
import { AdminLoading } from "./admin-app";

export interface LazyPage<P extends object> {
  /** Starts downloading the page's chunk (once; again after a failure). */
  preload: () => Promise<ComponentType<P>>;
  /** The page: rendered directly when its chunk is here, else behind a Suspense boundary. */
  Page: ComponentType<P>;
}

export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>): LazyPage<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const preload = () => {
    loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  const Deferred = lazy(() => preload().then((component) => ({ default: component })));
  function Page(props: P) {
    // Chosen once per mount: switching from the lazy wrapper to the component would remount the page.
    const [Component] = useState<ComponentType<P> | null>(() => loaded);
    if (Component) return <Component {...props} />;
    return (
      <Suspense fallback={<AdminLoading />}>
        <Deferred {...props} />
      </Suspense>
    );
  }
  return { preload, Page };
}

export const dashboardPage = lazyPage(() => import("./dashboard").then((module) => module.Dashboard));

export const recordPage = lazyPage(() => import("../record/record-page").then((module) => module.RecordPage));

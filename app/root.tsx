import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse, useMatches, useRouteError } from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import { DefaultLayout, type LayoutPart } from "~/components/layout/default-layout";
import { SimpleLayout } from "~/components/layout/simple-layout";
import { NotFound } from "~/components/errors/not-found";
import { Unavailable } from "~/components/errors/unavailable";
import { DialogProvider } from "~/components/feedback/dialog";
import { OperatorNotice } from "~/components/feedback/operator-notice";
import { NavigationProgress } from "~/components/layout/navigation-progress";
import { ToastProvider } from "~/components/feedback/toast";
import { usePageViews } from "~/lib/analytics";
import { useNonce } from "~/lib/nonce";
import { useRootData } from "~/lib/root-data";
import stylesheet from "~/styles/app.css?url";
import { creatorMenu } from "../server/domain/creator-menu";
import { brandInk } from "../server/domain/brands";
import { can } from "../server/domain/fanclub-permissions";
import { openFanclubLink, sidebarOpenButton } from "../server/domain/fanclub-rules";
import { expiredPlanAlert } from "../server/http/expired-plan-alert";
import { headerBannersFor } from "../server/http/header-banners";
import { operatingFanclub } from "../server/services/creator";
import type { AppContext } from "../server/context";

// "discovery" is the signed-in sidebar's joined list, on every page of the default layout. Loaded
// before hydration: a namespace arriving later re-renders every translated component at once,
// and a lazy part of the page still waiting for its code (the post modal) then gives up
// hydrating and renders again on the client (React error 421).
export const handle = { i18n: ["common", "discovery"] };

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ context }: LoaderFunctionArgs) {
  const app = context.app;
  // The base, user and login domains serve no brand: they wear the brand the visitor used last.
  const brand = app.service ?? app.lastAccessedService ?? app.primaryService;
  return {
    locale: app.locale,
    brand,
    isBrandHost: app.service !== null,
    services: app.services,
    origins: app.origins,
    user: app.user,
    // read with the session in the same batch (spec §2: shown only when signed in)
    coinBalance: app.session?.coinBalance ?? null,
    // the messages mark, from the same batch (issue 20: no round trip of its own)
    unreadMessages: app.session?.unreadMessages ?? false,
    flash: app.flash,
    sidebarOpen: app.sidebarOpen,
    creator: creatorData(app, brand),
    expiredPlanAlert: expiredPlanAlert(app),
    // every kind, mostly from the isolate's cache; Remix runs this beside the page's own loaders
    headerBanners: await headerBannersFor(app),
    year: new Date().getUTCFullYear(),
  };
}

/**
 * The sidebar's creator part (spec §2, §6), computed from what the session already read: the
 * management links the person's role allows, next-action badges, and the 'open a fan club' link.
 */
function creatorData(app: AppContext, brand: AppContext["service"]) {
  const session = app.session;
  if (!session) return null;
  const summary = session.creator;
  const op = operatingFanclub(session.user.id, summary);
  const home = op ? app.services.find((s) => s.id === op.serviceId) : undefined;
  // management pages live on the fan club's own brand
  const origin = home && home.id !== app.service?.id ? home.frontUrl : "";
  const open = openFanclubLink({
    signedIn: true,
    hasOwnFanclub: summary.own !== null,
    brand,
    onBrandHost: app.service !== null,
    approvedServiceIds: summary.approvedOpenServiceIds,
  });
  return {
    mode: op?.mode ?? null,
    fanclub: op ? { id: op.fanclubId, name: op.name, href: `${home?.frontUrl ?? ""}/fanclubs/${op.fanclubId}` } : null,
    menu: op ? creatorMenu(op.role, { useCampaign: op.useCampaign }).map((item) => ({ key: item.key, href: `${origin}${item.href}` })) : [],
    nextActions: summary.own?.nextActions ?? null,
    hasManagedFanclub: summary.hasManagedFanclub,
    managedHref: `${origin}/me/managed_fanclubs/sales`,
    // spec §2 post button: opens the post modal's chooser on the management page
    postHref: op && (can(op.role, "createDraft") || can(op.role, "publishPost")) ? `${origin}/me/fanclub/posts?fanclubPost=new` : null,
    // spec §2: the sidebar's button and the creator landing page's call to action
    openButton: sidebarOpenButton({ signedIn: true, hasOwnFanclub: summary.own !== null, openLink: open }),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const brand = data?.brand?.name ?? "Fanclub";
  return [{ title: brand }, { property: "og:site_name", content: brand }];
};

export function Layout({ children }: { children: ReactNode }) {
  const data = useRootData();
  const locale = data?.locale ?? "ja";
  const brand = data?.brand;
  const nonce = useNonce();
  return (
    <html lang={locale} data-locale={locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {brand ? <meta name="theme-color" content={brand.themeColor} /> : null}
        <Meta />
        <Links />
      </head>
      <body
        className={brand?.cssClass ?? "theme-default"}
        style={brand ? ({ "--brand": brand.themeColor, "--brand-ink": brandInk(brand.themeColor) } as React.CSSProperties) : undefined}
      >
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  // Marks the page interactive; end-to-end tests wait for it before using client-side controls.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  usePageViews();
  const matches = useMatches();
  const simple = matches.some((m) => (m.handle as { layout?: string } | undefined)?.layout === "simple");
  // spec §2: some pages (contests) hide parts of the default layout; the deepest match says which
  const hide = matches.flatMap((m) => (m.handle as { hide?: LayoutPart[] } | undefined)?.hide ?? []);
  return (
    <ToastProvider>
      <DialogProvider>
        <NavigationProgress />
        <OperatorNotice />
        {simple ? (
          <SimpleLayout>
            <Outlet />
          </SimpleLayout>
        ) : (
          <DefaultLayout hide={hide}>
            <Outlet />
          </DefaultLayout>
        )}
      </DialogProvider>
    </ToastProvider>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const data = useRootData();
  const status = isRouteErrorResponse(error) ? error.status : statusOf(error);
  if (status >= 500 || !isRouteErrorResponse(error)) console.error(error);
  const content = status === 404 ? <NotFound /> : <Unavailable status={status} />;
  return (
    <ToastProvider>
      <DialogProvider>{data ? <DefaultLayout>{content}</DefaultLayout> : <SimpleLayout>{content}</SimpleLayout>}</DialogProvider>
    </ToastProvider>
  );
}

/** spec §8: the status comes from statusCode, status or the response status; default 500. */
function statusOf(error: unknown): number {
  if (error && typeof error === "object") {
    const e = error as { statusCode?: unknown; status?: unknown; response?: { status?: unknown } };
    for (const candidate of [e.statusCode, e.status, e.response?.status]) {
      if (typeof candidate === "number" && candidate >= 400 && candidate < 600) return candidate;
    }
  }
  return 500;
}

import { useRouteLoaderData } from "@remix-run/react";
import type { loader } from "~/root";

export type RootData = Awaited<ReturnType<typeof loader>>;

/** Root loader data; present on every page, and in error boundaries when the root loader ran. */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData<typeof loader>("root");
}

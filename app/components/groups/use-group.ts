import { useRouteLoaderData } from "@remix-run/react";
import type { loader } from "~/routes/fanclub/groups.$id";

/** The group the /groups/{id} layout loaded, for its tabs (one read per page, not one per tab). */
export function useGroup() {
  const data = useRouteLoaderData<typeof loader>("routes/fanclub/groups.$id");
  if (!data) throw new Error("useGroup outside /groups/{id}");
  return data.group;
}

/** A description as typed: one paragraph per blank-line block, line breaks kept. */
export function paragraphs(text: string): string[][] {
  return text
    .split(/\n\s*\n/)
    .map((block) => block.split("\n"))
    .filter((lines) => lines.some((l) => l.trim() !== ""));
}

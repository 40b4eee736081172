import type { ReactNode } from "react";
import { useRootData } from "~/lib/root-data";
import { linkBuilder } from "~/lib/links";
import { FlashMessages } from "./flash-messages";

/** spec §2 simple layout: the brand mark and the content, nothing else (sign-in, error fallbacks). */
export function SimpleLayout({ children }: { children: ReactNode }) {
  const data = useRootData();
  const links = linkBuilder(data);
  return (
    <div className="simple-layout">
      <header className="simple-header">
        <a className="brand-logo" href={links.brand("/")}>
          {data?.brand ? <img src={data.brand.logo} alt="" width="28" height="28" /> : null}
          <span className="brand-name">{data?.brand?.name ?? "Fanclub"}</span>
        </a>
      </header>
      {data ? <FlashMessages flash={data.flash} /> : null}
      <main id="main" className="simple-main">
        {children}
      </main>
    </div>
  );
}

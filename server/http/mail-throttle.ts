import type { Submission } from "@conform-to/react";
import { data } from "@remix-run/cloudflare";
import { waitMinutes } from "../domain/throttle";
import type { TFunction } from "../i18n";

/** The form's answer when a reset or confirmation e-mail was asked for too often: 429, the wait in minutes, Retry-After. */
export function mailThrottled<T extends Record<string, unknown>>(submission: Submission<unknown>, t: TFunction, waitMs: number, extra?: T) {
  return data(
    {
      result: submission.reply({ formErrors: [t("account:errors.mailThrottled", { minutes: waitMinutes(waitMs) })] }),
      ...(extra ?? ({} as T)),
    },
    { status: 429, headers: { "Retry-After": String(Math.ceil(waitMs / 1000)) } },
  );
}

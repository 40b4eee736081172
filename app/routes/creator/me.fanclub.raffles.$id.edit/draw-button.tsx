import { useRevalidator } from "@remix-run/react";
import { useState } from "react";
import { useDialog } from "~/components/feedback/dialog";
import { useToast } from "~/components/feedback/toast";
import { callApi } from "~/lib/api";
import { useTranslation } from "~/lib/i18n";

/** The creator's draw: a confirm dialog (the draw happens once), then the page shows the recorded result. */
export default function DrawButton(props: { raffleId: number; tickets: number; fans: number; winners: number }) {
  const { t } = useTranslation("raffles");
  const dialog = useDialog();
  const toast = useToast();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const draw = async () => {
    if (busy) return;
    const ok = await dialog.confirm({
      title: t("creator.drawTitle"),
      message: t("creator.drawConfirm", { tickets: props.tickets, fans: props.fans, winners: props.winners }),
      okText: t("creator.drawOk"),
      cancelText: t("creator.drawCancel"),
    });
    if (!ok) return;
    setBusy(true);
    try {
      const result = await callApi<{ seed: string }>(`/me/fanclub/raffles/${props.raffleId}/draw`, { method: "POST" });
      toast.show(result.success ? t("creator.drawn") : (result.payload.message ?? t("errors.changed")), result.success ? "info" : "error");
      revalidator.revalidate();
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="button" onClick={() => void draw()} disabled={busy}>
      {t("creator.draw")}
    </button>
  );
}

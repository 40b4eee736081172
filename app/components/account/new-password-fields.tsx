import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { Field } from "~/components/form/field";
import { useTranslation } from "~/lib/i18n";

/** "New password" and its confirmation, as the reset page and the account settings ask for them. */
export function NewPasswordFields({ password, confirmation }: { password: FieldMetadata<string>; confirmation: FieldMetadata<string> }) {
  const { t } = useTranslation("account");
  return (
    <>
      <Field label={t("fields.newPassword")} errors={password.errors} id={password.id} hint={t("signUp.passwordHint")}>
        <input {...getInputProps(password, { type: "password" })} autoComplete="new-password" />
      </Field>
      <Field label={t("fields.passwordConfirmation")} errors={confirmation.errors} id={confirmation.id}>
        <input {...getInputProps(confirmation, { type: "password" })} autoComplete="new-password" />
      </Field>
    </>
  );
}

/**
 * Passkey sign-in is on unless the account switched it off: an account that never touched the
 * switch keeps the behaviour it had before the switch existed.
 */
export function passkeySignInEnabled(setting: { signInEnabled: boolean } | undefined | null): boolean {
  return setting ? setting.signInEnabled : true;
}

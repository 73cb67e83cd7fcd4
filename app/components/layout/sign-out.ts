/** Log out without a redirect (spec section 2): end the session, then render the same page signed out. */
export async function signOut() {
  await fetch("/api/auth/signout", { method: "POST" }).catch(() => null);
  window.location.reload();
}

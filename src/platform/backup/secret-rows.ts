/**
 * Which rows and columns of the database are secrets (decision 31). Without a passphrase they are
 * left out of a backup; with one they go into its sealed box. Everything else is in plain JSON.
 */
export interface SecretPolicy {
  /** Whole tables: short-lived sign-in state and session tokens. */
  tables: readonly string[];
  /** Some rows of a table, by an SQL condition on its columns. */
  rows: Readonly<Record<string, string>>;
  /** Some columns of a table (nullable ones): blanked in the plain rows, restored by primary key. */
  columns: Readonly<Record<string, readonly string[]>>;
}

export const SECRETS: SecretPolicy = {
  // sessions.token is a bearer credential; verifications hold sign-in and reset codes;
  // pending_sign_ups a chosen password's hash and its cookie's hash; telegram_logins one-time link tokens.
  tables: ['sessions', 'verifications', 'pending_sign_ups', 'telegram_logins'],
  // The keys the app generated for itself: the session-signing secret (unless AUTH_SECRET is set),
  // the report address key, the pending-action signing key, the day's visitor salts.
  rows: { app_meta: `key in ('auth_secret', 'report_address_key', 'pending_action_key') or key like 'stats_salt:%'` },
  // Password hashes and the tokens of linked sign-in providers.
  columns: { accounts: ['password', 'access_token', 'refresh_token', 'id_token'] },
};

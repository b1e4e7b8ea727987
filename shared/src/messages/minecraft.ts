/**
 * Texts of the game-server promotion page (/minecraft). `minecraftSpec` holds the spec's exact
 * words; the rest is ours.
 */

/** Spec: exact text (section 2), byte for byte. Never reword these. */
export const minecraftSpec = {
  serverIpCopied: 'Server IP copied to clipboard!',
} as const;

export const minecraftMessages = {
  ...minecraftSpec,
  copyFailed: 'Could not copy automatically. Select the address and copy it yourself.',
} as const;

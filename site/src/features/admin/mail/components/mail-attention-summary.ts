/** The notice's words: "3 e-mails need a look: 2 failed, 1 may not have arrived." */
export function mailAttentionSummary({ failed, unknown }: { failed: number; unknown: number }) {
  const total = failed + unknown;
  const parts = [
    ...(failed > 0 ? [`${failed} failed`] : []),
    ...(unknown > 0 ? [`${unknown} may not have arrived`] : []),
  ];
  const subject = total === 1 ? '1 e-mail needs' : `${total} e-mails need`;
  return `${subject} a look: ${parts.join(', ')}.`;
}

import { useEffect, useState } from "react";

/** How long a copy button says "Copied", unless told otherwise. */
const COPIED_FOR_MS = 2000;

/**
 * A copy button's state: `copy(text)` writes to the clipboard and `copied` is true for `copiedForMs` after. When the
 * clipboard is refused (permissions, an old browser), `onRefused` runs, e.g. to select the text for copying by hand.
 */
export function useCopyToClipboard({
  onRefused,
  copiedForMs = COPIED_FOR_MS,
}: {
  onRefused?: () => void;
  copiedForMs?: number;
} = {}): {
  copied: boolean;
  copy: (text: string) => Promise<void>;
} {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), copiedForMs);
    return () => clearTimeout(timer);
  }, [copied, copiedForMs]);
  async function copy(text: string) {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      onRefused?.();
    }
  }
  return { copied, copy };
}

/** A button that copies `text` (an address on screen beside it) and says so; a new text can be copied again. */
import { useEffect, useState } from 'react';

export function CopyButton({ text }: { text: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => setCopied(false), [text]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      // Clipboard access needs https or a user gesture; the text is on screen to copy by hand.
    }
  };

  return (
    <button type="button" className="secondary" onClick={copy}>
      {copied ? 'Copied' : 'Copy'}
    </button>
  );
}

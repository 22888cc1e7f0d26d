import { useMemo } from "react";
import { renderSVG } from "uqr";

/**
 * The text as a QR code, drawn as SVG by uqr (crisp at any print size). Error correction M survives a smudged or
 * creased poster; a border of 4 modules is the quiet zone the QR standard asks for.
 */
export function QrCode({ text, label, className = "" }: { text: string; label: string; className?: string }) {
  // uqr's SVG holds only shapes made from the text's bits (the text itself is not in it), so it is safe as markup.
  const svg = useMemo(() => renderSVG(text, { ecc: "M", border: 4 }), [text]);
  return <div role="img" aria-label={label} className={className} dangerouslySetInnerHTML={{ __html: svg }} />;
}

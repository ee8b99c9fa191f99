import type { Sharp } from 'sharp';
import { BUILT_IN_PROVIDER, DIGITAL_SOURCE_TYPES } from '@drape/contracts/looks';

/**
 * The machine-readable AI mark of a stored look image (docs/decisions/0031): XMP with the IPTC
 * digital source type (Iptc4xmpExt:DigitalSourceType) and the generator (xmp:CreatorTool), written
 * by sharp's withXmp into every WebP and JPEG Drape stores for a look.
 */
export interface AiMark {
  sourceType: string;
  generator: string;
}

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The mark of a look made by `provider` (generated_images.provider): only the built-in renderer has no trained model. */
export function aiMarkOf(provider: string): AiMark {
  const builtIn = provider === BUILT_IN_PROVIDER;
  return {
    sourceType: builtIn ? DIGITAL_SOURCE_TYPES.algorithmicMedia : DIGITAL_SOURCE_TYPES.trainedAlgorithmicMedia,
    generator: builtIn ? 'Drape (built-in renderer)' : `Drape (${provider})`,
  };
}

/** The XMP packet of a mark. */
export function aiMarkXmp(mark: AiMark): string {
  return (
    '<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>' +
    '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
    '<rdf:Description rdf:about="" xmlns:Iptc4xmpExt="http://iptc.org/std/Iptc4xmpExt/2008-02-29/" xmlns:xmp="http://ns.adobe.com/xap/1.0/" ' +
    `Iptc4xmpExt:DigitalSourceType="${escapeXml(mark.sourceType)}" xmp:CreatorTool="${escapeXml(mark.generator)}"/>` +
    '</rdf:RDF></x:xmpmeta><?xpacket end="w"?>'
  );
}

/** The mark an image's XMP states (sharp's metadata().xmp), or null when it carries none. */
export function readAiMark(xmp: Buffer | string | undefined): AiMark | null {
  if (!xmp) return null;
  const text = typeof xmp === 'string' ? xmp : xmp.toString('utf8');
  const attr = (name: string) => new RegExp(`${name}\\s*=\\s*"([^"]*)"`).exec(text)?.[1] ?? new RegExp(`<${name}>([^<]*)</${name}>`).exec(text)?.[1];
  const sourceType = attr('Iptc4xmpExt:DigitalSourceType');
  const generator = attr('xmp:CreatorTool');
  if (!sourceType || !generator) return null;
  const unescape = (s: string) => s.replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n))).replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>');
  return { sourceType: unescape(sourceType), generator: unescape(generator) };
}

/** A sharp pipeline that writes the mark into what it encodes. */
export function withAiMark(image: Sharp, mark: AiMark): Sharp {
  return image.withXmp(aiMarkXmp(mark));
}

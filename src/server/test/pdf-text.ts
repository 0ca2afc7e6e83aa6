import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * The text a PDF reader extracts from a PDF's first page: one string per drawn piece, as a
 * person copying the text would get it (PDF.js, the reader in Firefox).
 */
export async function pdfText(pdf: Uint8Array): Promise<string[]> {
  const doc = await getDocument({ data: new Uint8Array(pdf), isEvalSupported: false }).promise;
  try {
    const content = await (await doc.getPage(1)).getTextContent();
    return content.items.map((item) => ('str' in item ? item.str : ''));
  } finally {
    await doc.destroy();
  }
}

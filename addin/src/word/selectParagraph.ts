/**
 * Selects paragraph `n` (1-based, every paragraph in reading order, table cells included: the
 * count the parser gives its problems) so Word scrolls to it.
 */
export async function selectParagraph(n: number): Promise<boolean> {
  return Word.run(async (context) => {
    const paragraphs = context.document.body.paragraphs;
    paragraphs.load('items');
    await context.sync();
    const paragraph = paragraphs.items[n - 1];
    if (!paragraph) return false;
    paragraph.select();
    await context.sync();
    return true;
  });
}

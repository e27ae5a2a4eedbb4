// Generates the downloadable PDFs (dist/documents/*.pdf) listed in src/content/documents.json from the
// words in documents-content.mjs. Run by `npm run build`; fails if a listed document has no content.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import PDFDocument from 'pdfkit';
import { DOCUMENTS } from './documents-content.mjs';

const siteDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(siteDir, 'dist', 'documents');
const list = JSON.parse(fs.readFileSync(path.join(siteDir, 'src', 'content', 'documents.json'), 'utf8'));
const BRAND = '#0f5c4a';
const TEXT = '#1c2a27';

function drawTable(doc, { head, rows }) {
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const columnWidth = width / head.length;
  const row = (cells, bold) => {
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10);
    const heights = cells.map((cell) => doc.heightOfString(String(cell), { width: columnWidth - 8 }));
    cells.forEach((cell, index) => doc.text(String(cell), left + index * columnWidth + 4, y + 4, { width: columnWidth - 8 }));
    const bottom = y + Math.max(...heights) + 8;
    doc.moveTo(left, bottom).lineTo(left + width, bottom).strokeColor('#dbe4e0').stroke();
    doc.x = left;
    doc.y = bottom;
  };
  row(head, true);
  rows.forEach((cells) => row(cells, false));
  doc.moveDown(0.8);
}

function render(file, title, blocks) {
  return new Promise((resolve, reject) => {
    // A fixed creation date keeps the files identical from build to build.
    const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: title, Author: 'Shared House Bills', CreationDate: new Date('2024-01-01') } });
    const out = fs.createWriteStream(path.join(outDir, file));
    doc.pipe(out);
    doc.fillColor(BRAND).font('Helvetica-Bold').fontSize(11).text('Shared House Bills');
    doc.moveDown(0.5).fontSize(20).text(title).moveDown(0.8);
    doc.fillColor(TEXT);
    for (const block of blocks) {
      if (typeof block === 'string') doc.font('Helvetica').fontSize(11).text(block, { lineGap: 2 }).moveDown(0.6);
      else if (block.h) doc.font('Helvetica-Bold').fontSize(13).fillColor(BRAND).text(block.h).fillColor(TEXT).moveDown(0.3);
      else if (block.list) doc.font('Helvetica').fontSize(11).list(block.list, { bulletRadius: 2, lineGap: 2 }).moveDown(0.6);
      else if (block.table) drawTable(doc, block.table);
      else if (block.fields) {
        for (const field of block.fields) {
          doc.font('Helvetica').fontSize(10).text(field).moveDown(1.2);
          const y = doc.y - 4;
          doc.moveTo(doc.page.margins.left, y).lineTo(doc.page.width - doc.page.margins.right, y).strokeColor('#9aa8a4').stroke();
          doc.moveDown(0.4);
        }
      } else throw new Error(`${file}: unknown block ${JSON.stringify(block)}`);
    }
    doc.moveDown(1).font('Helvetica').fontSize(9).fillColor('#52615d').text('Shared House Bills, London. Customer service Monday to Friday, 9am to 5pm.');
    doc.end();
    out.on('finish', resolve);
    out.on('error', reject);
  });
}

fs.rmSync(outDir, { recursive: true, force: true });
fs.mkdirSync(outDir, { recursive: true });
for (const { file, title } of list) {
  const blocks = DOCUMENTS[file];
  if (!blocks) throw new Error(`No content for ${file} in scripts/documents-content.mjs`);
  await render(file, title, blocks);
}
console.log(`generated ${list.length} PDF documents`);

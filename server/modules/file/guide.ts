/**
 * The enterprise operation guide (SPEC 2: type 03 users preview it as a PDF). Generated with
 * pdf-lib. Until a CJK font ships with the product (certificate printing brings one), the guide
 * is set in the standard Helvetica face, so its text is in English with the Chinese menu names
 * romanised.
 */
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';

const SECTIONS: [string, string[]][] = [
  ['1. Signing in', [
    'Open the platform and sign in with your account and password, with an SMS code sent to',
    'the phone bound to your account, or through the provincial unified identity (single sign-on).',
    'After 30 minutes without activity you are signed out; a session lasts at most 12 hours.',
  ]],
  ['2. Enterprise business', [
    'New certificate, delay, in-province transfer, transfer in and out of the province,',
    'certificate change, revocation and enterprise rename each have an apply wizard (steps 0-3):',
    'choose the person or certificate, fill the form, upload materials (PDF/JPG/PNG), submit.',
    'Applications about a person wait for that person to confirm before the centre receives them.',
  ]],
  ['3. Following an application', [
    'Each application shows its state chart and history: saved, submitted, accepted, in review',
    '(acceptance, handling, first review, review, approval, closing) and the final decision.',
    'An application returned for correction comes back to you with the reviewer\'s comment.',
  ]],
  ['4. Help', [
    'Office hours: 8:30-12:00 and 14:00-17:30 on working days.',
    'Contact your regional centre (Guangzhou, Shenzhen or the provincial centre).',
  ]],
];

export async function operationGuidePdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle('SafeCert operation guide for enterprise users');
  doc.setCreator('SafeCert');
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const pageA4 = doc.addPage([595.28, 841.89]);
  let y = 780;
  pageA4.drawText('SafeCert - Operation guide for enterprise users', { x: 50, y, size: 18, font: bold, color: rgb(0.09, 0.35, 0.8) });
  y -= 36;
  for (const [title, lines] of SECTIONS) {
    pageA4.drawText(title, { x: 50, y, size: 13, font: bold });
    y -= 20;
    for (const line of lines) {
      pageA4.drawText(line, { x: 60, y, size: 10.5, font });
      y -= 16;
    }
    y -= 12;
  }
  return doc.save();
}

import { ZipWriter } from './zipWriter';

/** What a one-sheet workbook needs before its rows: the sheet's name, its columns' headers and widths, and which numbers are whole. */
export interface XlsxShape {
  sheet: string;
  headers: readonly string[];
  widths: readonly { wch: number }[];
  /** Numbers are points shown with two decimals (the default); counts and seconds are whole. */
  wholeNumbers?: boolean;
  /** Columns (by header) whose numbers are whole although the sheet's others are points. */
  wholeColumns?: readonly string[];
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';

const CONTENT_TYPES =
  `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
  '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
  '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
  '</Types>';

const ROOT_RELS = `${XML_HEAD}<Relationships xmlns="${PKG_REL}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`;

const WORKBOOK_RELS =
  `${XML_HEAD}<Relationships xmlns="${PKG_REL}">` +
  `<Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/>` +
  `<Relationship Id="rId2" Type="${REL}/styles" Target="styles.xml"/>` +
  '</Relationships>';

/** Two cell formats: 0 general, 1 the points' `0.00` (built-in format 2), as SheetJS wrote them. */
const STYLES =
  `${XML_HEAD}<styleSheet xmlns="${MAIN}">` +
  '<fonts count="1"><font><sz val="12"/><name val="Calibri"/><family val="2"/></font></fonts>' +
  '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="2" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs>' +
  '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
  '</styleSheet>';

const SPECIAL = /[&<>"\u0000-\u0008\u000b\u000c\u000e-\u001f]/;

/** Text as XML character data: markup escaped, and the control characters XML cannot hold written as Excel's `_xHHHH_`. */
export function xmlText(s: string): string {
  if (!SPECIAL.test(s)) return s;
  return s.replace(/[&<>"\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, (c) =>
    c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : c === '"' ? '&quot;' : `_x${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}_`,
  );
}

/** A column's letters: 0 → A, 25 → Z, 26 → AA. */
export function columnName(c: number): string {
  let s = '';
  for (let n = c + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

/** A width in characters as the sheet stores it (SheetJS's conversion at its default 6-pixel digit: 30 → 30.83203125). */
const storedWidth = (wch: number): number => Math.round(((wch * 6 + 5) / 6) * 256) / 256;

/**
 * A one-sheet .xlsx written as its rows come: each batch of rows becomes the sheet's XML at once and
 * goes straight into the archive's compressor, so the workbook is all but done when the last row
 * arrives (building a sheet of cell objects and serializing it at the end took seconds at 100,000
 * rows). The cells are those SheetJS wrote: text as strings, numbers as numbers, points in the
 * `0.00` format; column widths; and the "number stored as text" warning off.
 */
export class XlsxWriter {
  private readonly zip = new ZipWriter();
  private readonly sheet: { write(bytes: Uint8Array<ArrayBuffer> | string): Promise<void> };
  private readonly letters: string[];
  /** Per column: its numbers are points (shown with two decimals). */
  private readonly points: boolean[];
  /** Rows written, the header included. */
  private rows = 0;
  private pending: Promise<void>;

  constructor(private readonly shape: XlsxShape) {
    const whole = new Set(shape.wholeColumns ?? []);
    this.letters = shape.headers.map((_, c) => columnName(c));
    this.points = shape.headers.map((h) => !shape.wholeNumbers && !whole.has(h));
    const parts = [
      this.zip.add('[Content_Types].xml', CONTENT_TYPES),
      this.zip.add('_rels/.rels', ROOT_RELS),
      this.zip.add('xl/workbook.xml', `${XML_HEAD}<workbook xmlns="${MAIN}" xmlns:r="${REL}"><workbookPr/><sheets><sheet name="${xmlText(shape.sheet)}" sheetId="1" r:id="rId1"/></sheets></workbook>`),
      this.zip.add('xl/_rels/workbook.xml.rels', WORKBOOK_RELS),
      this.zip.add('xl/styles.xml', STYLES),
    ];
    this.sheet = this.zip.part('xl/worksheets/sheet1.xml');
    const cols = shape.widths.map((w, i) => `<col min="${i + 1}" max="${i + 1}" width="${storedWidth(w.wch)}" customWidth="1"/>`).join('');
    // The header row is the sheet's first row whatever comes next: it is numbered now.
    const head = `${XML_HEAD}<worksheet xmlns="${MAIN}" xmlns:r="${REL}"><sheetViews><sheetView workbookViewId="0"/></sheetViews>${cols ? `<cols>${cols}</cols>` : ''}<sheetData>${this.rowXml(shape.headers)}`;
    this.pending = Promise.all(parts).then(() => this.sheet.write(head));
  }

  private rowXml(values: readonly (string | number | undefined)[]): string {
    const r = ++this.rows;
    let xml = `<row r="${r}">`;
    for (let c = 0; c < values.length; c++) {
      const v = values[c];
      if (v === undefined) continue;
      const ref = `${this.letters[c]}${r}`;
      if (typeof v === 'number') {
        if (Number.isFinite(v)) xml += `<c r="${ref}"${this.points[c] ? ' s="1"' : ''}><v>${v}</v></c>`;
      } else xml += `<c r="${ref}" t="str"><v>${xmlText(v)}</v></c>`;
    }
    return `${xml}</row>`;
  }

  /** Appends rows (keyed by header); resolves once their bytes are in the compressor. */
  add(rows: readonly Record<string, string | number>[]): Promise<void> {
    if (rows.length === 0) return this.pending;
    let xml = '';
    for (const row of rows) xml += this.rowXml(this.shape.headers.map((h) => row[h]));
    this.pending = this.pending.then(() => this.sheet.write(xml));
    return this.pending;
  }

  /** The .xlsx file's bytes. */
  async bytes(): Promise<Uint8Array<ArrayBuffer>> {
    const last = `${columnName(Math.max(0, this.shape.headers.length - 1))}${this.rows}`;
    await this.pending;
    await this.sheet.write(`</sheetData><ignoredErrors><ignoredError numberStoredAsText="1" sqref="A1:${last}"/></ignoredErrors></worksheet>`);
    return this.zip.bytes();
  }
}

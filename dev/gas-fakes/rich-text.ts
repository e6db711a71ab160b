// Rich-text values (SpreadsheetApp.newRichTextValue): text a cell holds literally, never parsed as a formula,
// number, date or boolean. Styles and links are not modelled; only the text.
import type { GasShape } from './gas-shape';
import type { Runtime } from './runtime';

export class FakeRichTextValue implements GasShape<GoogleAppsScript.Spreadsheet.RichTextValue, 'getText'> {
  constructor(private readonly text: string) {}

  getText(): string {
    return this.text;
  }
}

export class FakeRichTextValueBuilder implements GasShape<
  GoogleAppsScript.Spreadsheet.RichTextValueBuilder,
  'setText' | 'build'
> {
  private text = '';

  constructor(private readonly runtime: Runtime) {}

  setText(text: string): this {
    // Apps Script turns a number or boolean given for a String parameter into its text.
    if (!['string', 'number', 'boolean'].includes(typeof text)) {
      const kind = text === null ? 'null' : typeof text;
      throw this.runtime.exception(
        `The parameters (${kind}) don't match the method signature for SpreadsheetApp.RichTextValueBuilder.setText.`,
      );
    }
    this.text = String(text);
    return this;
  }

  /** A value of the builder's text now; the builder may go on to build others. */
  build(): FakeRichTextValue {
    return new FakeRichTextValue(this.text);
  }
}

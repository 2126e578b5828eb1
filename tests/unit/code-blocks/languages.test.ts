import {expect, test} from 'vitest';
import {exampleLanguage, exampleLanguageOrUndefined, knownExtensions} from '../../../plugins/code-blocks/languages';

test('a sample is curl, Node.js or Python by its extension; any other extension is refused by name', () => {
  expect(knownExtensions).toEqual(['.sh', '.ts', '.py']);
  expect(exampleLanguage('examples/api/create-payment.py').tab).toBe('Python');
  expect(exampleLanguageOrUndefined('examples/api/create-payment.rb')).toBeUndefined();
  expect(() => exampleLanguage('examples/api/create-payment.rb')).toThrow(
    'No language is known for the example examples/api/create-payment.rb',
  );
  // Only the extension's own name counts, not a property every object has.
  expect(exampleLanguageOrUndefined('examples/x.constructor')).toBeUndefined();
});

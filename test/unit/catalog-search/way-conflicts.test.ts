/**
 * "laser printer for office": an inkjet whose description promises laser-quality text matched
 * every word and came second and third; a print cartridge counted as a printer, so "cheaper
 * one?" offered toner. A name saying the item works another way than asked is left out while
 * others are, and a shorter English word the kind begins with ("print") names no printer.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildCatalogIndex } from '../../../src/catalog/search/index.ts';
import { runSearch, searchRequestOf } from '../../../src/catalog/search/relax.ts';
import { contradictsWays, askedWays } from '../../../src/catalog/search/way-conflicts.ts';
import type { CatalogProduct } from '../../../src/catalog/product.ts';
import { assertEvery, assertNone } from '../../helpers/assert.ts';
import { dialogOn, messageOf, productsOf } from '../catalog-engine/helpers.ts';

const printer = (sku: string, name: string, price: number, description: string): CatalogProduct => ({ sku, name, categories: [], available: true, params: {}, price, description });

const office = () =>
  buildCatalogIndex(
    [
      printer('k5400', 'HP Officejet K5400 inkjet printer Colour 4800 x 1200 DPI', 134.95, 'Office printing with laser-quality black text for the small office.'),
      printer('d3940', 'HP Deskjet 3940 inkjet printer Colour 1200 x 1200 DPI A2', 52.45, 'Print laser-quality documents at home or in the office.'),
      printer('p1102', 'HP LaserJet Pro P1102 Printer', 110.95, 'A compact laser printer for the office.'),
      printer('hl5350', 'Brother HL-5350DNLT laser printer 1200 x 1200 DPI A4', 838.95, 'Network laser printer.'),
      printer('m20i', 'Xerox WorkCentre M20i Copier-Printer with DADF, 550 Sheet Tray', 199.95, 'Laser copier and printer for the office.'),
      printer('p3005', 'HP LaserJet P3005 printer 1200 x 1200 DPI', 164.94, 'Laser printer for workgroups in the office.'),
      printer('toner', 'Xerox Print Cartridge', 131.94, 'Toner for Xerox laser printers used in the office.'),
      printer('toner3k', 'Xerox High Capacity Print Cartridge (3K)', 114.95, 'High capacity toner for office laser printers.'),
    ],
    { language: 'en' },
  );

test('"laser printer for office" leaves out the inkjets whose descriptions say laser-quality', () => {
  const index = office();
  const skus = runSearch(index, searchRequestOf(index.parseDetailed('laser printer for office')), 6).hits.map((h) => h.product.sku);
  assertNone(skus, (s) => s === 'k5400' || s === 'd3940', 'an inkjet among the laser printers');
  assert.ok(skus.includes('p1102') && skus.includes('hl5350'), skus.join(' '));
  // An inkjet asked for is found as before, first.
  const inkjets = runSearch(index, searchRequestOf(index.parseDetailed('inkjet printer')), 6).hits.map((h) => h.product.sku);
  assert.deepEqual(inkjets.slice(0, 2).sort(), ['d3940', 'k5400']);
  assertNone(inkjets, (s) => s === 'p1102' || s === 'hl5350', 'a laser printer among the inkjets');
});

test('a name states a way of printing by the maker series too, and a name stating none contradicts nothing', () => {
  const laser = askedWays('laser printer for small office');
  assert.equal(contradictsWays('HP Officejet K5400 inkjet printer', laser), true);
  assert.equal(contradictsWays('HP Deskjet D2660 Printer', laser), true);
  assert.equal(contradictsWays('HP LaserJet P3005 printer', laser), false);
  assert.equal(contradictsWays('Xerox WorkCentre M20i Copier-Printer', laser), false);
  assert.equal(contradictsWays('Принтер струйный Canon PIXMA', askedWays('лазерный принтер')), true);
  assert.equal(askedWays('printer for office').size, 0);
});

test('"cheaper one?" after laser printers: cheaper printers, not toner cartridges', async () => {
  const [first, cheaper] = await dialogOn(office(), 'en', ['laser printer for office', 'cheaper one?']);
  assert.ok((productsOf(first!)?.value.length ?? 0) > 0, messageOf(first!));
  const cards = productsOf(cheaper!)?.value ?? [];
  assert.ok(cards.length > 0, messageOf(cheaper!));
  // Before: "Xerox Print Cartridge" and its high-capacity one among the cheaper "printers".
  assertEvery(cards, (c) => !/Cartridge/u.test(c.name), 'no cartridge for "cheaper one?"');
  assertEvery(cards, (c) => !/inkjet|Deskjet|Officejet/u.test(c.name), 'no inkjet for "cheaper one?"');
});

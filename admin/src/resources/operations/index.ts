/** Operations screens beyond the catalogue's: reading approval, visits, files on records, imports, batch updates. */
export { MeterReadingList, MeterReadingShow } from './MeterReadingScreens';
export { OPERATIONS_LISTS, OPERATIONS_SHOWS } from './screens';

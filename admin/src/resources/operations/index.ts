/** Operations screens beyond the catalogue's: reading approval (bulk and by workflow step). */
export { MeterReadingList, MeterReadingShow } from './MeterReadingScreens';

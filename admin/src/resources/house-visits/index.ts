/** House visits beyond the catalogue's screens: the workflow's buttons and the visit's photos and documents. */
export { HouseVisitShow } from './HouseVisitShow';

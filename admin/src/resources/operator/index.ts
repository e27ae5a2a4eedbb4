/** The System area's operator panels over /api/v2/admin/*. */
export { OperatorPanels } from './OperatorPanels';

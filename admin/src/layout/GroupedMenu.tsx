import MonitorHeartIcon from '@mui/icons-material/MonitorHeart';
import ViewKanbanIcon from '@mui/icons-material/ViewKanban';
import CalculateIcon from '@mui/icons-material/Calculate';
import { Menu, useBasename, useTranslate } from 'react-admin';
import { canSeeBoard } from '../resources/credit-control/credit-control-api';
import { canPriceQuotes } from '../resources/quotes/quote-api';
import { MENU } from './menu-groups';
import { GroupSwitcher } from './GroupSwitcher';
import { MenuSection } from './MenuSection';

/** The back-office menu: the dashboard, then one collapsible section per menu group of the catalogue. */
export function GroupedMenu() {
  const translate = useTranslate();
  // Custom routes live under the admin's basename (/admin/{group}) like the resources.
  const basename = useBasename();
  return (
    <>
      {/* Above the menu, not in it: a menu's children may only be its items. */}
      <GroupSwitcher place="menu" />
      <Menu>
        <Menu.DashboardItem />
        {MENU.map(({ group, resources }) => (
          <MenuSection key={group} group={group} resources={resources}>
            {group === 'System' && <Menu.Item to={`${basename}/status`} primaryText={translate('shb.health.details')} leftIcon={<MonitorHeartIcon />} />}
            {group === 'Pricing' && canPriceQuotes() && <Menu.Item to={`${basename}/quote`} primaryText="Price a house" leftIcon={<CalculateIcon />} />}
            {group === 'Credit control' && canSeeBoard() && <Menu.Item to={`${basename}/credit-control/board`} primaryText="Credit control board" leftIcon={<ViewKanbanIcon />} />}
          </MenuSection>
        ))}
      </Menu>
    </>
  );
}

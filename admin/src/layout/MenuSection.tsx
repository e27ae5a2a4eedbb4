import type { ReactNode } from 'react';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Collapse, List, ListItemButton, ListItemIcon, ListItemText } from '@mui/material';
import { Menu, useCanAccessResources, useSidebarState, useStore, useTranslate } from 'react-admin';
import type { MenuGroup } from '@app/api/rules';
import { GROUP_ICONS, groupKey } from './menu-groups';

interface Props {
  group: MenuGroup;
  resources: string[];
  /** Entries that are not resources (e.g. the system status page). */
  children?: ReactNode;
}

/** A collapsible menu section; entries the user may not list are left out, and an empty section with them. */
export function MenuSection({ group, resources, children }: Props) {
  const translate = useTranslate();
  const [sidebarOpen] = useSidebarState();
  const [open, setOpen] = useStore<boolean>(`shb.menu.open.${group}`, true);
  const { canAccess, isPending } = useCanAccessResources({ action: 'list', resources });
  if (isPending) return null;
  const visible = resources.filter((name) => canAccess?.[name]);
  if (visible.length === 0 && !children) return null;
  const Icon = GROUP_ICONS[group];
  const label = translate(groupKey(group), { _: group });
  return (
    <>
      <ListItemButton onClick={() => setOpen(!open)} aria-expanded={open} title={label} dense sx={{ mt: 0.5 }}>
        <ListItemIcon sx={{ minWidth: 40 }}>
          <Icon />
        </ListItemIcon>
        {sidebarOpen && <ListItemText primary={label} slotProps={{ primary: { variant: 'overline', sx: { lineHeight: 1.6 } } }} />}
        {open ? <ExpandLessIcon fontSize="small" /> : <ExpandMoreIcon fontSize="small" />}
      </ListItemButton>
      <Collapse in={open} timeout="auto" unmountOnExit>
        <List component="div" disablePadding dense sx={{ pl: sidebarOpen ? 2 : 0 }}>
          {visible.map((name) => (
            <Menu.ResourceItem key={name} name={name} />
          ))}
          {children}
        </List>
      </Collapse>
    </>
  );
}

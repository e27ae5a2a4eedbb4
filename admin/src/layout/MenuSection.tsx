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

/** A collapsible menu section; entries the user may not list are left out, and a section with none of them. */
export function MenuSection({ group, resources, children }: Props) {
  const translate = useTranslate();
  const [sidebarOpen] = useSidebarState();
  const [open, setOpen] = useStore<boolean>(`shb.menu.open.${group}`, true);
  const { canAccess, isPending } = useCanAccessResources({ action: 'list', resources });
  if (isPending) return null;
  const visible = resources.filter((name) => canAccess?.[name]);
  // Extra entries (the system status page) belong to the section's readers: no visible resource, no section.
  if (visible.length === 0) return null;
  const Icon = GROUP_ICONS[group];
  const label = translate(groupKey(group), { _: group });
  return (
    <>
      {/* In react-admin's role="menu" list: the heading is a menu item that opens a group of items. */}
      <ListItemButton role="menuitem" onClick={() => setOpen(!open)} aria-expanded={open} title={label} dense sx={{ mt: 0.5 }}>
        <ListItemIcon sx={{ minWidth: 40 }}>
          <Icon />
        </ListItemIcon>
        {sidebarOpen && <ListItemText primary={label} slotProps={{ primary: { variant: 'overline', sx: { lineHeight: 1.6 } } }} />}
        {open ? <ExpandLessIcon fontSize="small" /> : <ExpandMoreIcon fontSize="small" />}
      </ListItemButton>
      <Collapse in={open} timeout="auto" unmountOnExit>
        <List component="div" role="group" aria-label={label} disablePadding dense sx={{ pl: sidebarOpen ? 2 : 0 }}>
          {visible.map((name) => (
            <Menu.ResourceItem key={name} name={name} />
          ))}
          {children}
        </List>
      </Collapse>
    </>
  );
}

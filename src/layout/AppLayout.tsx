import { useEffect, type ReactNode } from 'react';
import { Layout, useGetIdentity, useSidebarState } from 'react-admin';
import Box from '@mui/material/Box';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { Role } from '../../resources.config';
import { getStoredRole } from '../auth/session';
import { SessionEndWatch } from '../auth/SessionEndWatch';
import { Footer } from './Footer';
import { RoleMenu } from './RoleMenu';
import { TopBar } from './TopBar';

function Menu() {
  const { identity } = useGetIdentity();
  const role = (identity?.role as Role | undefined) ?? getStoredRole();
  return role ? <RoleMenu role={role} /> : null;
}

/** react-admin folds its sidebar only below 600 px; the product folds it below 900 px (MUI's md). */
function SidebarFold() {
  const narrow = useMediaQuery((t: Theme) => t.breakpoints.down('md'));
  const [, setOpen] = useSidebarState();
  useEffect(() => setOpen(!narrow), [narrow, setOpen]);
  return null;
}

// Flex children keep their content's width by default: without minWidth 0 a wide table widens the page instead of scrolling inside its card.
const shrinkable = { minWidth: 0, '& .RaLayout-appFrame, & .RaLayout-contentWithSidebar, & .RaLayout-content': { minWidth: 0 } };

/** react-admin's layout with the role's menu, our top bar and a footer. */
export function AppLayout({ children }: { children: ReactNode }) {
  return (
    <Layout appBar={TopBar} menu={Menu} sx={shrinkable}>
      <SidebarFold />
      <SessionEndWatch />
      <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: 'calc(100vh - 64px)', minWidth: 0 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>{children}</Box>
        <Footer />
      </Box>
    </Layout>
  );
}

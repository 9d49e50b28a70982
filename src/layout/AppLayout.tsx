import type { ReactNode } from 'react';
import { Layout, useGetIdentity } from 'react-admin';
import Box from '@mui/material/Box';
import type { Role } from '../../resources.config';
import { getStoredRole } from '../auth/session';
import { Footer } from './Footer';
import { RoleMenu } from './RoleMenu';
import { TopBar } from './TopBar';

function Menu() {
  const { identity } = useGetIdentity();
  const role = (identity?.role as Role | undefined) ?? getStoredRole();
  return role ? <RoleMenu role={role} /> : null;
}

/** react-admin's layout with the role's menu, our top bar and a footer. */
export function AppLayout({ children }: { children: ReactNode }) {
  return (
    <Layout appBar={TopBar} menu={Menu}>
      <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: 'calc(100vh - 64px)' }}>
        <Box sx={{ flex: 1 }}>{children}</Box>
        <Footer />
      </Box>
    </Layout>
  );
}

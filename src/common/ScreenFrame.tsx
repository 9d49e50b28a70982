import type { ReactNode } from 'react';
import { Title } from 'react-admin';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';

/** A filter's least width (px): its label and a short value stay readable, and four share a row at 1280 px. */
export const FILTER_MIN_WIDTH = 180;

const ACTIONS_ROW = {
  display: 'flex',
  gap: 2,
  flexWrap: 'wrap',
  alignItems: 'center',
  mb: 2,
  // react-admin's theme makes every text field and select full width: in this row each would take a
  // row of its own. Here a filter is as wide as its content (at least readable), so the filters share
  // one row at 1280 px and wrap at 800 px; the row's centring replaces the fields' dense margins.
  '& .MuiFormControl-root': { width: 'auto', minWidth: FILTER_MIN_WIDTH, m: 0 },
} as const;

/**
 * The frame of every screen that is not a create/edit form (those have FormCard): the top bar's
 * title, the card, its heading, and the screen's filters and buttons in one row that wraps (at
 * 800 px, the menu folded, they take two rows rather than running off the card), then the screen's
 * content (a screen's own small form, as Win Percentage's or Clear History's, included).
 */
export function ScreenFrame({
  title,
  heading = title,
  actions,
  children,
}: {
  /** The top bar's title. */
  title: string;
  /** The card's heading when it differs from the title; false when the top bar's title is the only one. */
  heading?: string | false;
  /** Filters and buttons above the content. */
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card sx={{ mt: 2 }}>
      <Title title={title} />
      <CardContent sx={{ px: { xs: 1.5, lg: 2 } }}>
        {heading !== false && (
          <Typography variant="h5" component="h1" gutterBottom>
            {heading}
          </Typography>
        )}
        {actions && <Box sx={ACTIONS_ROW}>{actions}</Box>}
        {children}
      </CardContent>
    </Card>
  );
}

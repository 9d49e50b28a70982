import { useLocales, useLocaleState, useTranslate, useUserMenu } from 'react-admin';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import CheckIcon from '@mui/icons-material/Check';
import TranslateIcon from '@mui/icons-material/Translate';

/**
 * The profile menu's language choice: react-admin's locale state (the i18nProvider's getLocales),
 * so the switch re-renders every screen; the provider remembers it for this browser.
 * Each language is named in itself, so a reader of either can find their own.
 */
export function LanguageMenuItems() {
  const translate = useTranslate();
  const locales = useLocales();
  const [locale, setLocale] = useLocaleState();
  const { onClose } = useUserMenu() ?? {};
  return (
    <>
      <ListSubheader sx={{ display: 'flex', alignItems: 'center', gap: 1, lineHeight: '36px' }}>
        <TranslateIcon fontSize="small" />
        {translate('td.profileMenu.language')}
      </ListSubheader>
      {locales.map((l) => (
        <MenuItem
          key={l.locale}
          lang={l.locale}
          selected={l.locale === locale}
          data-testid={`locale-${l.locale}`}
          onClick={() => {
            onClose?.();
            if (l.locale !== locale) setLocale(l.locale);
          }}
        >
          <ListItemIcon>{l.locale === locale ? <CheckIcon fontSize="small" /> : null}</ListItemIcon>
          <ListItemText>{l.name}</ListItemText>
        </MenuItem>
      ))}
    </>
  );
}

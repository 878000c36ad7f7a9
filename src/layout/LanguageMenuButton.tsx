import { useId, useState } from 'react';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import LanguageIcon from '@mui/icons-material/Translate';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useLocales, useLocaleState } from 'react-admin';
import { PhoneHiddenLabel, phoneIconOnly } from './PhoneHiddenLabel';

/**
 * The app bar's language switcher (PROD-5). react-admin's LocalesMenuButton keeps its menu
 * mounted while closed: a modal, a focus trap, a transition and the items rendered on every
 * page load, in the shell's longest task (docs/performance.md). This menu exists only while open.
 */
export const LanguageMenuButton = () => {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const languages = useLocales();
  const [locale, setLocale] = useLocaleState();
  const menuId = useId();
  const open = anchor !== null;
  return (
    <>
      <Button
        color="inherit"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        startIcon={<LanguageIcon />}
        endIcon={<ExpandMoreIcon fontSize="small" />}
        sx={phoneIconOnly}
      >
        <PhoneHiddenLabel>{languages.find((language) => language.locale === locale)?.name ?? locale}</PhoneHiddenLabel>
      </Button>
      {open && (
        <Menu anchorEl={anchor} open onClose={() => setAnchor(null)} slotProps={{ list: { id: menuId } }}>
          {languages.map((language) => (
            <MenuItem
              key={language.locale}
              selected={language.locale === locale}
              onClick={() => {
                setLocale(language.locale);
                setAnchor(null);
              }}
            >
              {language.name}
            </MenuItem>
          ))}
        </Menu>
      )}
    </>
  );
};

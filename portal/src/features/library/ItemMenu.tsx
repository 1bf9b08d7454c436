import { useState, type ReactElement } from 'react';
import { Button, Menu, MenuItem, MenuList, MenuPopover, MenuTrigger } from '@fluentui/react-components';
import { MoreVertical20Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';

export interface MenuAction {
  key: string;
  label: string;
  onClick: () => void;
  icon?: ReactElement;
}

/**
 * The "more" menu of a folder or test row; hidden when there is nothing to offer. The Fluent
 * menu mounts on first use: a hundred folder cards with a menu each cost ~60 ms of first render.
 */
export function ItemMenu({ itemName, actions }: { itemName: string; actions: MenuAction[] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  if (actions.length === 0) return null;
  const trigger = (
    <Button
      appearance="subtle"
      size="small"
      icon={<MoreVertical20Regular />}
      aria-label={t('library.actionsFor', { name: itemName })}
      aria-haspopup="menu"
      onClick={
        used
          ? undefined
          : () => {
              setUsed(true);
              setOpen(true);
            }
      }
    />
  );
  if (!used) return trigger;
  return (
    <Menu open={open} onOpenChange={(_, data) => setOpen(data.open)}>
      <MenuTrigger disableButtonEnhancement>{trigger}</MenuTrigger>
      <MenuPopover>
        <MenuList>
          {actions.map((action) => (
            <MenuItem key={action.key} icon={action.icon} onClick={action.onClick} data-action={action.key}>
              {action.label}
            </MenuItem>
          ))}
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}

import type { ReactElement } from 'react';
import { Button, Menu, MenuItem, MenuList, MenuPopover, MenuTrigger } from '@fluentui/react-components';
import { MoreVertical20Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';

export interface MenuAction {
  key: string;
  label: string;
  onClick: () => void;
  icon?: ReactElement;
}

/** The "more" menu of a folder or test row; hidden when there is nothing to offer. */
export function ItemMenu({ itemName, actions }: { itemName: string; actions: MenuAction[] }) {
  const { t } = useTranslation();
  if (actions.length === 0) return null;
  return (
    <Menu>
      <MenuTrigger disableButtonEnhancement>
        <Button appearance="subtle" size="small" icon={<MoreVertical20Regular />} aria-label={t('library.actionsFor', { name: itemName })} />
      </MenuTrigger>
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

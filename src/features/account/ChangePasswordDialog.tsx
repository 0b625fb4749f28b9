// The back-office 修改密码 dialog (§5.2): the shared dialog of src/lib/account in its back-office variant.
import { ChangePasswordDialog as SharedDialog, type ChangePasswordDialogProps } from '../../lib/account/ChangePasswordDialog';

export function ChangePasswordDialog(props: Omit<ChangePasswordDialogProps, 'variant'>) {
  return <SharedDialog {...props} variant="backend" />;
}

// §8 "Notifications appear bottom-right": one placement for antd's notifications, both the static API
// and the hook of the layout's App (the back office's `App.useApp().notification`).
import notification from 'antd/es/notification';
import type { NotificationConfig } from 'antd/es/notification/interface';

export const NOTIFICATION_CONFIG: NotificationConfig = { placement: 'bottomRight' };

notification.config(NOTIFICATION_CONFIG);

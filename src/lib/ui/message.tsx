// Toasts without antd's App component (issue 11 delivery): App brings the modal and notification hooks,
// and with the modal antd's form, to every route. Messages are what every route needs; the provider gives
// them the surrounding theme (the large screens' is dark), and outside one the static API still works.
import { createContext, useContext, type ReactNode } from 'react';
import staticMessage from 'antd/es/message';
import type { MessageInstance } from 'antd/es/message/interface';

const MessageContext = createContext<MessageInstance | null>(null);

/** Themed toasts for everything below; at most three at once. */
export function MessageProvider({ children }: { children: ReactNode }) {
  const [api, holder] = staticMessage.useMessage({ maxCount: 3 });
  return (
    <MessageContext.Provider value={api}>
      {holder}
      {children}
    </MessageContext.Provider>
  );
}

/** The nearest provider's toasts, else antd's static ones. */
export const useMessage = (): MessageInstance => useContext(MessageContext) ?? staticMessage;

import { App, message as staticMessage } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import { useEffect } from 'react';
import { TOAST_DURATION_SECONDS } from './theme';

// Toasts are raised from hooks and from the urql exchange, which lives outside React;
// the bridge hands them the themed instance of <App>, the static one is the fallback.
let instance: MessageInstance | null = null;

const api = (): MessageInstance => instance ?? staticMessage;

type Content = Parameters<MessageInstance['error']>[0];

export const toast = {
  success: (content: Content) => api().success(content, TOAST_DURATION_SECONDS),
  info: (content: Content) => api().info(content, TOAST_DURATION_SECONDS),
  warning: (content: Content) => api().warning(content, TOAST_DURATION_SECONDS),
  error: (content: Content) => api().error(content, TOAST_DURATION_SECONDS),
};

export function ToastBridge() {
  const { message } = App.useApp();
  useEffect(() => {
    instance = message;
    return () => {
      if (instance === message) instance = null;
    };
  }, [message]);
  return null;
}

import type { ThemeConfig } from 'antd';

export const TOAST_DURATION_SECONDS = 3;

export const quarryTheme: ThemeConfig = {
  token: {
    colorPrimary: '#2f5d8a',
    colorLink: '#2f5d8a',
    colorWarning: '#d99a1e',
    borderRadius: 6,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
  },
  components: {
    Layout: { headerBg: '#1f3a5f', headerHeight: 56, headerPadding: '0 24px', bodyBg: '#f5f7fa' },
  },
};

// PRODUCT.md §5: default form messages. antd fills ${label}, ${len}, ${min} and ${max}.
export const validateMessages = {
  required: 'Please enter ${label}',
  whitespace: 'Please enter ${label}',
  types: {
    email: '${label} is not a valid e-mail address',
    number: '${label} is not a valid number',
  },
  string: {
    len: '${label} must be exactly ${len} characters',
    min: '${label} must be at least ${min} characters',
    max: '${label} cannot be longer than ${max} characters',
    range: '${label} must be between ${min} and ${max} characters',
  },
  number: {
    len: '${label} must equal ${len}',
    min: '${label} cannot be less than ${min}',
    max: '${label} cannot be greater than ${max}',
    range: '${label} must be between ${min} and ${max}',
  },
};

import { fireEvent, screen } from '@testing-library/react';

/** Opens the antd select around `combobox` and clicks the option titled `label`. */
export async function pickOption(combobox: HTMLElement, label: string): Promise<void> {
  const selector = combobox.closest('.ant-select')?.querySelector('.ant-select-selector');
  if (!selector) throw new Error('not inside an antd select');
  fireEvent.mouseDown(selector);
  const options = await screen.findAllByTitle(label);
  const option = options.find((element) => element.classList.contains('ant-select-item-option')) ?? options[0];
  fireEvent.click(option);
}

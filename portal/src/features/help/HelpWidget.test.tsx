import { fireEvent, screen } from '@testing-library/react';
import { HelpWidget } from './HelpWidget';
import { inputNamed, makeUser, renderWithProviders, typeInto } from '../../test-utils';

afterEach(() => {
  window.localStorage.clear();
});

describe('HelpWidget', () => {
  const openCallBack = () => {
    const result = renderWithProviders(<HelpWidget />, { preloadedAuth: { user: makeUser() } });
    fireEvent.click(screen.getByTestId('help-button'));
    fireEvent.click(screen.getByTestId('request-callback'));
    return result;
  };

  it('enables Call Me Now only at exactly 10 characters', async () => {
    openCallBack();
    const callMeNow = await screen.findByTestId('call-me-now');
    const phone = inputNamed('phoneNo');
    expect(callMeNow).toBeDisabled();
    for (const value of ['9', '123456789']) {
      typeInto(phone, value);
      expect(callMeNow).toBeDisabled();
    }
    typeInto(phone, '1234567890');
    expect(callMeNow).toBeEnabled();
    typeInto(phone, '12345678901');
    expect(callMeNow).toBeDisabled();
    typeInto(phone, '');
    expect(callMeNow).toBeDisabled();
  });

  it('takes digits only: letters, spaces or symbols are named and Call Me Now stays off (issue 17)', async () => {
    openCallBack();
    const callMeNow = await screen.findByTestId('call-me-now');
    for (const value of ['98765 4321', '+987654321', 'call me!!!']) {
      typeInto(inputNamed('phoneNo'), value);
      expect(callMeNow).toBeDisabled();
      expect(screen.getByTestId('callback-phone-field')).toHaveTextContent('Digits only (0-9): no letters, spaces or symbols.');
    }
    typeInto(inputNamed('phoneNo'), '9876543210');
    expect(callMeNow).toBeEnabled();
    expect(screen.getByTestId('callback-phone-field')).not.toHaveTextContent('Digits only');
  });

  it('limits the field to 10 characters', async () => {
    openCallBack();
    await screen.findByTestId('call-me-now');
    expect(inputNamed('phoneNo')).toHaveAttribute('maxLength', '10');
  });

  it('confirms the number, then requests the call back', async () => {
    const { api } = openCallBack();
    typeInto(inputNamed('phoneNo'), '0123456789');
    fireEvent.click(await screen.findByTestId('call-me-now'));
    expect(await screen.findByText('We will call 0123456789.')).toBeInTheDocument();
    expect(api.requestCallBack).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('confirm-callback'));
    expect(await screen.findByTestId('help-callBackSuccess')).toHaveTextContent('We will call you on 0123456789 within 5 minutes.');
    expect(api.requestCallBack).toHaveBeenCalledWith('0123456789');
  });
});

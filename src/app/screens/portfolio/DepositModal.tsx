import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { accountLimits } from '../../../shared/constants';
import { accountMessages } from '../../../shared/messages';
import { isHttpError } from '../../http/client';
import CopyButton from '../money/CopyButton';
import CurrencyIcon from '../money/CurrencyIcon';
import Modal from '../money/Modal';
import { createDepositAddress, fetchWalletAddresses } from './transfers-api';
import { BusyButton } from '../../forms/BusyButton';

interface Props {
  currency: string;
  name: string;
  onClose: () => void;
}

type State = { status: 'loading' } | { status: 'ready'; address: string } | { status: 'error'; message: string };

/** Spec A §8: which of the three deposit texts a failed create shows. */
function createFailure(error: unknown): string {
  return isHttpError(error) ? accountMessages.depositAddressNotGenerated : accountMessages.depositAddressUnexpected;
}

/** Spec A §2 and §4: loads the user's addresses, creates one when the currency has none. */
export default function DepositModal({ currency, name, onClose }: Props) {
  const code = currency.toUpperCase();
  const [state, setState] = useState<State>({ status: 'loading' });
  const [generating, setGenerating] = useState(false);
  const isUsd = currency === 'usd';

  useEffect(() => {
    if (isUsd) return;
    let live = true;
    void (async () => {
      let existing: string | undefined;
      try {
        const { addresses } = await fetchWalletAddresses();
        existing = addresses.filter((a) => a.currency.toLowerCase() === currency).at(-1)?.address;
      } catch {
        if (live) setState({ status: 'error', message: accountMessages.depositAddressNotRetrieved });
        return;
      }
      try {
        const address = existing ?? (await createDepositAddress(currency));
        if (live)
          setState(address ? { status: 'ready', address } : { status: 'error', message: accountMessages.depositAddressNotGenerated });
      } catch (error) {
        if (live) setState({ status: 'error', message: createFailure(error) });
      }
    })();
    return () => {
      live = false;
    };
  }, [currency, isUsd]);

  async function generate() {
    setGenerating(true);
    try {
      const address = await createDepositAddress(currency);
      setState(address ? { status: 'ready', address } : { status: 'error', message: accountMessages.depositAddressNotGenerated });
    } catch (error) {
      setState({ status: 'error', message: createFailure(error) });
    } finally {
      setGenerating(false);
    }
  }

  return (
    <Modal title={`Deposit ${name} (${code})`} icon={<CurrencyIcon code={currency} />} onClose={onClose}>
      {isUsd ? (
        <>
          <p>US dollars arrive by bank transfer, not at an address.</p>
          <ul className="steps-list">
            <li>
              <Link to="/payments/wire-instructions">Wire Instructions</Link>: send a wire with your reference id.
            </li>
            <li>
              <Link to="/payments/ach-onboarding">ACH Onboarding</Link>: pull funds from your verified bank account.
            </li>
          </ul>
        </>
      ) : state.status === 'loading' ? (
        <p className="muted" role="status">
          Loading address...
        </p>
      ) : state.status === 'error' ? (
        <div className="alert alert-error" role="alert">
          {state.message}
        </div>
      ) : (
        <>
          <div className="qr-box" data-testid="deposit-qr">
            <QRCodeSVG
              value={state.address}
              size={accountLimits.qrWidthPx}
              level={accountLimits.qrLevel}
              marginSize={2}
              title={`QR code of the ${code} deposit address`}
            />
          </div>
          <div className="address-row">
            <code className="address-text" data-testid="deposit-address">
              {state.address}
            </code>
            <CopyButton text={state.address} label="Copy address" />
          </div>
          <p className="alert alert-warning">{accountMessages.depositWarning(name, code)}</p>
        </>
      )}
      {!isUsd && state.status !== 'loading' && (
        <BusyButton className="btn btn-primary" busy={generating} onClick={() => void generate()}>
          Generate New Address
        </BusyButton>
      )}
    </Modal>
  );
}

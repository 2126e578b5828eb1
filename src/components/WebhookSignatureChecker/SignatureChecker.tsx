import {useId, useState, type ReactNode} from 'react';
import clsx from 'clsx';
import {
  diagnose,
  officialVector,
  parseHeaderBlock,
  type Delivery,
  type Diagnosis,
} from '@site/src/lib/webhookSignature';
import {privacy, title} from './text';
import tool from '@site/src/css/webhook-tool.module.css';
import styles from './styles.module.css';
import ToolFrame from '@site/src/internal/ToolFrame';

const emptyDelivery: Delivery = {
  secret: '',
  'webhook-id': '',
  'webhook-timestamp': '',
  'webhook-signature': '',
  body: '',
};

const statusWord = {pass: 'Passed', fail: 'Failed', note: 'Note'} as const;

const stepTitle = {
  secret: 'Secret',
  headers: 'Headers',
  timestamp: 'Timestamp',
  signature: 'Signature header',
  match: 'Signature',
} as const;

/**
 * Verifies a pasted delivery with WebCrypto, as a receiver must, and says which
 * step fails and why. Everything stays in component state: nothing is stored,
 * logged or sent.
 */
export default function WebhookSignatureChecker(): ReactNode {
  const id = useId();
  const [delivery, setDelivery] = useState<Delivery>(emptyDelivery);
  const [rawHeaders, setRawHeaders] = useState('');
  const [isExample, setIsExample] = useState(false);
  const [result, setResult] = useState<Diagnosis | null>(null);

  const update = (patch: Partial<Delivery>) => {
    setDelivery((current) => ({...current, ...patch}));
    setIsExample(false);
    setResult(null);
  };

  const check = async (input: Delivery, example: boolean) => {
    setResult(await diagnose(input, {now: Date.now() / 1000, checkTolerance: !example}));
  };

  const useExample = () => {
    setDelivery(officialVector);
    setRawHeaders('');
    setIsExample(true);
    void check(officialVector, true);
  };

  const field = (name: keyof Delivery, label: string, multiline = false) => {
    const props = {
      id: `${id}-${name}`,
      value: delivery[name],
      spellCheck: false,
      autoComplete: 'off',
      className: clsx('margin-bottom--sm', tool.input),
    };
    return (
      <div className={tool.field}>
        <label htmlFor={props.id}>{label}</label>
        {multiline ? (
          <textarea {...props} rows={5} onChange={(event) => update({[name]: event.target.value})} />
        ) : (
          <input {...props} type="text" onChange={(event) => update({[name]: event.target.value})} />
        )}
      </div>
    );
  };

  return (
    <ToolFrame id={id} title={title} privacy={privacy}>
      {field('secret', 'Endpoint secret (whsec_…)')}
      <div className={tool.field}>
        <label htmlFor={`${id}-raw`}>Raw request headers (optional: fills the three fields below)</label>
        <textarea
          id={`${id}-raw`}
          className={tool.input}
          rows={3}
          spellCheck={false}
          value={rawHeaders}
          onChange={(event) => {
            setRawHeaders(event.target.value);
            update(parseHeaderBlock(event.target.value));
          }}
        />
      </div>
      {field('webhook-id', 'webhook-id')}
      {field('webhook-timestamp', 'webhook-timestamp')}
      {field('webhook-signature', 'webhook-signature')}
      {field('body', 'Raw body, exactly as received', true)}
      <div className={tool.actions}>
        <button type="button" className="button button--primary" onClick={() => void check(delivery, isExample)}>
          Check signature
        </button>
        <button type="button" className="button button--secondary" onClick={useExample}>
          Use the official example
        </button>
      </div>
      <div aria-live="polite" aria-atomic="true" className={tool.result}>
        {result && (
          <>
            <p className={clsx(tool.verdict, result.ok ? styles.ok : tool.bad)}>
              {result.ok
                ? 'Verified: this delivery is authentic.'
                : `Not verified: ${result.steps.filter((s) => s.status === 'fail').length} problem(s) below.`}
            </p>
            <ol className={styles.steps}>
              {result.steps.map((step) => (
                <li key={step.step} className={styles[step.status]} data-step={step.step} data-status={step.status}>
                  <strong>
                    {statusWord[step.status]}, {stepTitle[step.step]}:
                  </strong>{' '}
                  {step.message}
                  {step.hint && <span className={styles.hint}>{step.hint}</span>}
                </li>
              ))}
            </ol>
          </>
        )}
      </div>
    </ToolFrame>
  );
}

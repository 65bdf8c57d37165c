// The visitor message board (LeaveWord): the thank-you notice after sending, published
// messages with the museum's replies (10 a page), then the form. New messages are not public until
// the museum replies, and the notice says so.
import { useActionData, useLocation } from 'react-router';
import { MESSAGE_FORM_ANCHOR, SENT_PARAM } from '../../shared/message-form.ts';
import { PAGE_PARAM } from '../../shared/pager.ts';
import type { MessageActionData } from '../../shared/visitor-views.ts';
import EmptyState from '../components/EmptyState.tsx';
import Island from '../islands/Island.tsx';
import Pager from '../components/Pager.tsx';
import { useT } from '../i18n.tsx';
import { useScreenData } from '../page-data.ts';

const LIST_ANCHOR = 'message-list';

export default function MessageBoard() {
  const data = useScreenData('messageBoard');
  const rejection = useActionData() as MessageActionData | undefined;
  const t = useT();
  const { pathname, search } = useLocation();
  // The form posts to this page (mode parameters kept, page and notice dropped) and, without
  // JavaScript, the answer opens scrolled to the form.
  const params = new URLSearchParams(search);
  params.delete(PAGE_PARAM);
  params.delete(SENT_PARAM);
  const query = params.toString();
  const action = `${pathname}${query ? `?${query}` : ''}#${MESSAGE_FORM_ANCHOR}`;
  return (
    <div className="message-board">
      <section className="message-board__list" id={LIST_ANCHOR} aria-labelledby="message-board-title">
        <div className="message-board__head">
          <h2 id="message-board-title" className="section-title">
            {t('msg.board')}
          </h2>
          {!data.listFailed && <p className="message-board__count">{t('msg.count', { n: data.total })}</p>}
        </div>
        <a className="button button--primary message-board__jump" href={`#${MESSAGE_FORM_ANCHOR}`}>
          {t('msg.formTitle')}
        </a>
        {data.listFailed ? (
          <p className="form-notice form-notice--failure">{t('msg.listFailed')}</p>
        ) : data.messages.length === 0 ? (
          <EmptyState>{t('msg.empty')}</EmptyState>
        ) : (
          <ol className="message-list">
            {data.messages.map((m) => (
              <li key={m.id} className="message">
                <div className="message__meta">
                  <span className="message__name">{m.name}</span>
                  {m.type && <span className="message__type">{m.type}</span>}
                  <time className="message__time" dateTime={m.time.replace(' ', 'T')}>
                    <span className="visually-hidden">{t('msg.asked')} </span>
                    {m.time}
                  </time>
                </div>
                <p className="message__content">{m.content}</p>
                {m.reply && (
                  <div className="message__reply">
                    <p className="message__reply-head">
                      <span className="message__reply-label">{t('msg.reply')}</span>
                      {m.replyTime && (
                        <time className="message__time" dateTime={m.replyTime.replace(' ', 'T')}>
                          {m.replyTime}
                        </time>
                      )}
                    </p>
                    <p className="message__reply-text">{m.reply}</p>
                  </div>
                )}
              </li>
            ))}
          </ol>
        )}
        <Pager page={data.page} pages={data.pages} anchor={LIST_ANCHOR} />
      </section>

      <section className="message-board__form" id={MESSAGE_FORM_ANCHOR} aria-labelledby="message-form-title">
        <h2 id="message-form-title" className="section-title">
          {t('msg.formTitle')}
        </h2>
        <Island name="messageForm" props={{ types: data.types, formKey: data.formKey, rejection, action, sent: data.sent }} />
      </section>
    </div>
  );
}

import type { Article, Block } from '../content/types';
import { QuoteCallToAction } from './QuoteCallToAction';
import { RichText } from './RichText';
import { SmartLink } from './SmartLink';

function BlockView({ block }: { block: Block }) {
  if (typeof block === 'string') {
    return (
      <p>
        <RichText text={block} />
      </p>
    );
  }
  if ('list' in block) {
    const items = block.list.map((item) => (
      <li key={item}>
        <RichText text={item} />
      </li>
    ));
    return block.ordered ? <ol>{items}</ol> : <ul>{items}</ul>;
  }
  if ('links' in block) {
    return (
      <ul className="link-list">
        {block.links.map((link) => (
          <li key={link.to}>
            <SmartLink to={link.to}>{link.label}</SmartLink>
          </li>
        ))}
      </ul>
    );
  }
  if ('table' in block) {
    const { caption, head, rows } = block.table;
    return (
      <div className="table-scroll">
        <table>
          <caption>{caption}</caption>
          <thead>
            <tr>
              {head.map((cell) => (
                <th key={cell} scope="col">
                  {cell}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.join('|')}>
                {row.map((cell, index) =>
                  index === 0 ? (
                    <th key={index} scope="row">
                      {cell}
                    </th>
                  ) : (
                    <td key={index}>{cell}</td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  }
  if ('qa' in block) {
    return (
      <div className="qa">
        {block.qa.map(({ question, answer }) => (
          <div key={question} className="qa__item">
            <h3>{question}</h3>
            <p>
              <RichText text={answer} />
            </p>
          </div>
        ))}
      </div>
    );
  }
  return (
    <p className="note">
      <RichText text={block.note} />
    </p>
  );
}

/** One written page: a heading, a lead paragraph and titled sections (each may carry an anchor id). */
export function ArticlePage({ article }: { article: Article }) {
  return (
    <article className="article">
      <header className="article__header">
        <div className="container">
          <h1>{article.heading}</h1>
          <p className="article__intro">
            <RichText text={article.intro} />
          </p>
        </div>
      </header>
      <div className="container article__body">
        {article.sections.map((section) => (
          <section key={section.heading} id={section.id} aria-labelledby={`${section.id ?? slug(section.heading)}-title`}>
            <h2 id={`${section.id ?? slug(section.heading)}-title`}>{section.heading}</h2>
            {section.blocks.map((block, index) => (
              <BlockView key={index} block={block} />
            ))}
          </section>
        ))}
        {article.quote ? <QuoteCallToAction className="cta cta--article" /> : null}
      </div>
    </article>
  );
}

function slug(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}

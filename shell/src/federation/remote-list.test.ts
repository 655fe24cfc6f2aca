import { readRemoteList } from './remote-list';

function documentWith(json: string): Document {
  const doc = document.implementation.createHTMLDocument('');
  doc.head.innerHTML = `<script id="remote-list" type="application/json">${json}</script>`;
  return doc;
}

describe('readRemoteList', () => {
  it('reads the inlined list and keeps only known remotes with an entry', () => {
    const list = readRemoteList(
      documentWith(
        JSON.stringify([
          { name: 'content', entry: '/remotes/content/mf-manifest.json' },
          { name: 'unknown', entry: '/x.json' },
          { name: 'support' },
        ]),
      ),
    );
    expect([...list]).toEqual([['content', '/remotes/content/mf-manifest.json']]);
  });

  it('treats an unreplaced placeholder or broken JSON as no remotes', () => {
    expect(readRemoteList(documentWith('<!--REMOTE_LIST-->')).size).toBe(0);
    expect(readRemoteList(documentWith('[{')).size).toBe(0);
  });
});

import { addPlaylistQuery } from '../../src/lib/add-playlist-query';

const QUERY = 'expires=1700000000&signature=abc_-1';

describe('addPlaylistQuery', () => {
  it('signs the variant playlists and renditions of a master playlist', () => {
    const master = [
      '#EXTM3U',
      '#EXT-X-VERSION:6',
      '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud",NAME="audio",DEFAULT=YES,URI="audio/index.m3u8"',
      '#EXT-X-STREAM-INF:BANDWIDTH=800000,RESOLUTION=640x360,AUDIO="aud"',
      'v360/index.m3u8',
      '#EXT-X-I-FRAME-STREAM-INF:BANDWIDTH=90000,URI="v360/iframes.m3u8"',
      '',
    ].join('\n');
    expect(addPlaylistQuery(master, QUERY).split('\n')).toEqual([
      '#EXTM3U',
      '#EXT-X-VERSION:6',
      `#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud",NAME="audio",DEFAULT=YES,URI="audio/index.m3u8?${QUERY}"`,
      '#EXT-X-STREAM-INF:BANDWIDTH=800000,RESOLUTION=640x360,AUDIO="aud"',
      `v360/index.m3u8?${QUERY}`,
      `#EXT-X-I-FRAME-STREAM-INF:BANDWIDTH=90000,URI="v360/iframes.m3u8?${QUERY}"`,
      '',
    ]);
  });

  it('signs segments, init maps and keys of a media playlist, with CRLF line ends kept', () => {
    const media = '#EXTM3U\r\n#EXT-X-MAP:URI="init.mp4"\r\n#EXT-X-KEY:METHOD=AES-128,URI="key.bin"\r\n#EXTINF:6.0,\r\nseg_000.m4s\r\n#EXT-X-ENDLIST\r\n';
    expect(addPlaylistQuery(media, QUERY)).toBe(
      `#EXTM3U\r\n#EXT-X-MAP:URI="init.mp4?${QUERY}"\r\n#EXT-X-KEY:METHOD=AES-128,URI="key.bin?${QUERY}"\r\n#EXTINF:6.0,\r\nseg_000.m4s?${QUERY}\r\n#EXT-X-ENDLIST\r\n`,
    );
  });

  it('leaves absolute URIs, URIs with a query and comments alone', () => {
    const playlist = '#EXTM3U\n# a comment\nhttps://cdn.example.com/seg.ts\n/elsewhere/seg.ts\nseg.ts?x=1\n#EXT-X-KEY:METHOD=AES-128,URI="skd://key"\n';
    expect(addPlaylistQuery(playlist, QUERY)).toBe(playlist);
  });
});

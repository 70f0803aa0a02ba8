import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '../../i18n';
import '../../test/jsdomShims';
import DownloadList from '.';

describe('DownloadList', () => {
  it('shows a QR code and the address for each configured link, and says which are not configured', () => {
    render(
      <DownloadList
        links={{
          android: 'https://apps.example.com/a.apk',
          ios: '',
          mobileWeb: 'http://m.example.com/',
          miniProgram: '',
        }}
      />,
    );
    expect(screen.getByTestId('qr-android')).toBeTruthy();
    expect(screen.getByTestId('qr-mobileWeb')).toBeTruthy();
    expect(screen.queryByTestId('qr-ios')).toBeNull();
    expect(screen.getByTestId('download-android').textContent).toContain('https://apps.example.com/a.apk');
    expect(screen.getByTestId('download-ios').textContent).toContain('未配置');
    expect(screen.getByTestId('download-miniProgram').textContent).toContain('未配置');
  });

  it('says every entry is not configured when the merchant set none', () => {
    render(<DownloadList links={undefined} />);
    expect(screen.getAllByText('未配置')).toHaveLength(4);
  });
});

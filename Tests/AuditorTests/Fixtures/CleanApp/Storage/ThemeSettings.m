#import "ThemeSettings.h"

@implementation ThemeSettings

- (void)saveTheme:(NSString *)theme {
    NSUserDefaults *defaults = [NSUserDefaults standardUserDefaults];
    [defaults setObject:theme forKey:@"theme"];
    NSUserDefaults *shared = [[NSUserDefaults alloc] initWithSuiteName:@"group.com.cleanapp"];
    [shared setObject:self.fontName forKey:@"fontName"];
}

- (void)installDefaultThemes {
    NSString *documents = NSSearchPathForDirectoriesInDomains(NSDocumentDirectory, NSUserDomainMask, YES)[0];
    NSString *destination = [documents stringByAppendingPathComponent:@"Themes.plist"];
    [[NSFileManager defaultManager] copyItemAtPath:self.bundledThemesPath toPath:destination error:nil];
}

@end

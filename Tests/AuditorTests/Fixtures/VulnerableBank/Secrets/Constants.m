#import "Constants.h"

#define API_SECRET @"c7E2kP9xL4mQ8vN3tR6wB1yZ5hJ0gF2d"

static NSString *const kSlackBotToken = @"xoxb-1184293847-2847561930-Hq7Kz2Mx9Pv4Lt8Rw3Bn6Cy1";
static NSString *const kAPIEndpoint = @"https://api.vulnerablebank.example/v2";

@implementation Constants

+ (NSDictionary *)analyticsParameters {
    return @{ @"app_id": @"com.vulnerablebank.app", @"api_key": @"Xr5Tq8Wm2Kz7Pv3Ln9Bc4Jf6Hd1Gs0Ay" };
}

@end

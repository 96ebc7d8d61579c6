export { brokerUrl, connectMqtt, disconnectMqtt, isMqttConnected, type ConnectionStatus, type MqttOptions } from './mqtt-client';
